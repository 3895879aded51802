/** Placeholder rows while a list loads; each list fixes how many (docs/product.md#everywhere). */
export function SkeletonRows({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="collab-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton skeleton-row" data-testid="skeleton-row" />
      ))}
    </div>
  );
}
