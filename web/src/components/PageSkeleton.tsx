/** The placeholder a page shows while the session or its data loads. */
export function PageSkeleton({ label = 'Loading', className = 'page' }: { label?: string; className?: string }) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      <div className="skeleton skeleton-heading" />
      <div className="skeleton skeleton-block" />
    </div>
  );
}
