/** Shown while a route loads for longer than 200 ms (the router's pending threshold). */
export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-label="Loading">
      <span className="spinner" />
    </div>
  );
}
