/** The outcome of an action on the page: a success is a status, an error an alert. */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/** A polite live region that is always in the page, so the message placed in it is announced. */
export function LiveNotice({ notice }: { notice: Notice | null }) {
  return (
    <div aria-live="polite">
      {notice && (
        <p className={`alert alert--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
