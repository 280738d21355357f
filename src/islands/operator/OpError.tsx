/** An operator screen's error line: announced to screen readers as it appears; nothing while `message` is empty. */
export function OpError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="op-error" role="alert">
      {message}
    </p>
  );
}
