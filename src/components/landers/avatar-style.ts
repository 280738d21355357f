/**
 * Abstract avatars for landers: a soft gradient, a simple head-and-shoulders shape and a decoration,
 * varied by a seed. Deliberately not a person: landers show no photos or drawings of real or realistic
 * people, only illustrations that say "a member could be here".
 */
const GRADIENTS = [
  ['#ff9a8b', '#ff6a88'],
  ['#a18cd1', '#fbc2eb'],
  ['#84fab0', '#8fd3f4'],
  ['#f6d365', '#fda085'],
  ['#5ee7df', '#b490ca'],
  ['#fccb90', '#d57eeb'],
  ['#e0c3fc', '#8ec5fc'],
  ['#f093fb', '#f5576c'],
  ['#4facfe', '#43e97b'],
  ['#fa709a', '#fee140'],
  ['#30cfd0', '#5b3a8c'],
  ['#ff758c', '#ff7eb3'],
] as const;

export type AvatarDecoration = 'ring' | 'heart' | 'sparkle' | 'dots';
const DECORATIONS: readonly AvatarDecoration[] = ['ring', 'heart', 'sparkle', 'dots'];

export interface AvatarStyle {
  from: string;
  to: string;
  /** Gradient direction, degrees. */
  angle: number;
  headX: number;
  headR: number;
  /** Whether a darker cap sits on the head (hair, hat: left to the imagination). */
  cap: boolean;
  decoration: AvatarDecoration;
}

/** A small deterministic hash, so that the same seed looks the same in every build. */
function mix(seed: number, salt: number): number {
  let x = (seed + 1) * 374761393 + salt * 668265263;
  x = (x ^ (x >>> 13)) * 1274126177;
  return (x ^ (x >>> 16)) >>> 0;
}

export function avatarStyle(seed: number): AvatarStyle {
  const [from, to] = GRADIENTS[mix(seed, 1) % GRADIENTS.length]!;
  return {
    from,
    to,
    angle: (mix(seed, 2) % 8) * 45,
    headX: 46 + (mix(seed, 3) % 9),
    headR: 14 + (mix(seed, 4) % 4),
    cap: mix(seed, 5) % 3 !== 0,
    decoration: DECORATIONS[mix(seed, 6) % DECORATIONS.length]!,
  };
}
