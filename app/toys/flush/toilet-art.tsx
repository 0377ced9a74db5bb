/** A toilet, drawn in code. While flushing, its water swirls. */
export function ToiletArt({ flushing }: { flushing: boolean }) {
  return (
    <svg viewBox="0 0 200 220" className="w-56 max-w-full drop-shadow-2xl" aria-hidden="true" data-share-art="">
      <rect x="40" y="10" width="120" height="70" rx="12" fill="#f8fafc" stroke="#94a3b8" strokeWidth="4" />
      <rect x="120" y="24" width="26" height="10" rx="4" fill="#cbd5e1" />
      <path
        d="M20 92 Q20 80 32 80 H168 Q180 80 180 92 Q180 150 128 160 L136 205 H64 L72 160 Q20 150 20 92 Z"
        fill="#f8fafc"
        stroke="#94a3b8"
        strokeWidth="4"
      />
      <ellipse cx="100" cy="96" rx="66" ry="16" fill="#e2e8f0" stroke="#94a3b8" strokeWidth="3" />
      <ellipse cx="100" cy="98" rx="50" ry="10" fill="#38bdf8" />
      <g className={flushing ? "toilet-swirl" : undefined} style={{ transformOrigin: "100px 98px" }}>
        <path d="M70 98 Q100 86 130 98" fill="none" stroke="#e0f2fe" strokeWidth="3" strokeLinecap="round" />
        <path d="M82 102 Q100 94 118 102" fill="none" stroke="#bae6fd" strokeWidth="3" strokeLinecap="round" />
      </g>
    </svg>
  );
}
