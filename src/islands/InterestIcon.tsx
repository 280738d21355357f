import { interestIconPath } from '@datekit/runtime/data/interest-icons';

/**
 * An interest's line icon (see `interest-icons.ts`), 1.25 em square, in the colour of the text around
 * it. Decorative: the interest's name beside it is the label.
 */
export function InterestIcon({ id, className }: { id: number; className?: string }) {
  const d = interestIconPath(id);
  if (!d) return null;
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="1.25em"
      height="1.25em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
