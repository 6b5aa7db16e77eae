/** What a USER staff user sees instead of a gateway form or button. */
export function AdminOnly() {
  return (
    <p className="alert info" role="status">
      Only an ADMIN staff user can add or change payment gateways. You can see them here.
    </p>
  );
}
