/** The Billionett mark: a gold "B" on navy, as in the app icon, drawn inline so it needs no request. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="bn-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#EBD27A" />
          <stop offset="1" stopColor="#C9A227" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="46" height="46" rx="12" fill="#0B1B33" stroke="#C9A227" strokeOpacity="0.7" strokeWidth="1.5" />
      <path
        d="M16 11h10.5c5 0 8 2.6 8 6.6 0 2.6-1.4 4.5-3.7 5.3 3 .7 4.9 3 4.9 6.1 0 4.4-3.3 7-8.7 7H16V11Zm6 10h3.6c1.9 0 3-.9 3-2.4s-1.1-2.4-3-2.4H22V21Zm0 10.8h4.2c2.1 0 3.3-1 3.3-2.7s-1.2-2.6-3.3-2.6H22v5.3Z"
        fill="url(#bn-mark)"
      />
    </svg>
  );
}
