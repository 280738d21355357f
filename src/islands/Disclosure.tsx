import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DisclosureProps {
  /** Content of the toggle button. */
  label: ReactNode;
  /** Accessible name of the toggle, when `label` is not text alone. */
  ariaLabel?: string;
  buttonClassName?: string;
  panelClassName?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A button that shows and hides a panel of links or buttons (the WAI disclosure pattern, which suits
 * site navigation better than an ARIA menu). Closes on Escape, returning focus to the button, and
 * when focus or a click lands outside.
 */
export function Disclosure({ label, ariaLabel, buttonClassName, panelClassName, testId, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className="disclosure"
      ref={root}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <div id={panelId} className={panelClassName} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
