/** What a list shows when its query was refused (a bad filter in a hand-edited address). */
export function TableError({ message, resetHref }: { message: string; resetHref: string }) {
  return (
    <div className="alert error" role="alert">
      <p>This list could not be shown: {message}</p>
      <a href={resetHref}>Show the list without filters</a>
    </div>
  );
}
