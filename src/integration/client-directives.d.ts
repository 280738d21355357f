import 'astro';

/** Custom client directives that the datekit integration adds (see `client-interaction.ts`). */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first activation of a `[data-signup-cta]` element (landers' signup modal). */
    'client:interaction'?: boolean;
    /**
     * Hydrate when idle or on the first touch; keeps what was typed and pressed before (forms). With
     * `"touch"`, only on the first touch (focus, press, typing inside the island).
     */
    'client:early'?: boolean | 'touch';
    /**
     * Hydrate once a member is known to be logged in (`logged-in` on <body>); never for visitors. With
     * `"idle"`, then once the browser is idle (what frames the page, after its own content).
     */
    'client:member'?: boolean | 'idle';
    /** Hydrate only in the installed app (standalone display mode, or iOS's `navigator.standalone`). */
    'client:installed'?: boolean;
  }
}
