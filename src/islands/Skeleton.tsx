import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Placeholders of an island's first render (the server's, and until its data arrives), drawn at the
 * size of what replaces them: the page keeps its layout when the data comes, instead of pushing what
 * is below down the screen (layout shift, issue 25). Screen readers hear "Loading…" once; the shapes
 * are decoration.
 */
export function Skeleton({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className ? `skeleton ${className}` : 'skeleton'} aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">{t('account.loading')}</span>
      <div className="skeleton-shapes" aria-hidden="true">
        {children}
      </div>
    </div>
  );
}

/** One line of text still to come: as tall as a line of the text it stands for, `width` long. */
export function SkeletonLine({ width = '60%', className }: { width?: string; className?: string }) {
  const style: CSSProperties = { width };
  return <span className={className ? `skeleton-line ${className}` : 'skeleton-line'} style={style} />;
}

/** A box still to come (a picture, a button, a field): `height` tall, the full width unless given. */
export function SkeletonBox({ height, width, className }: { height: string; width?: string; className?: string }) {
  const style: CSSProperties = { height, ...(width ? { width } : {}) };
  return <span className={className ? `skeleton-box ${className}` : 'skeleton-box'} style={style} />;
}
