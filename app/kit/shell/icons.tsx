/**
 * The header's two pictures, drawn here rather than as emoji: an emoji in the header made every
 * page load the colour emoji font during its first layout (measured: ~20 ms of main-thread work
 * before the first paint on the benchmark machine), and SVG stays crisp at any size.
 */

/** The site's logo, the favicon's big useless button with a smile, small. */
export function LogoIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className="size-6 shrink-0">
      <circle cx="32" cy="32" r="31" fill="#9333ea" />
      <circle cx="32" cy="31" r="18" fill="#e11d48" stroke="#fff" strokeWidth="3" />
      <path
        d="M24 27q2-3 4 0M36 27q2-3 4 0M25 36q7 5 14 0"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A die showing five, for "Surprise me". */
export function DieIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0">
      <rect x="2.5" y="2.5" width="19" height="19" rx="4.5" fill="#fff" stroke="currentColor" strokeWidth="2" />
      {[
        [8, 8],
        [16, 8],
        [12, 12],
        [8, 16],
        [16, 16],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.8" fill="currentColor" />
      ))}
    </svg>
  );
}
