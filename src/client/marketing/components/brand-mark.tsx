/** The Signal AR mark: three rising bars, drawn inline so the header needs no image request. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <rect x="7" y="17" width="4" height="8" rx="1" fill="#fff" />
      <rect x="14" y="12" width="4" height="13" rx="1" fill="#fff" />
      <rect x="21" y="7" width="4" height="18" rx="1" fill="#bfdbfe" />
    </svg>
  );
}
