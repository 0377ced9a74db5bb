import type { Sock } from "./words";

const SOCK_PATH = "M30 5 H70 V80 Q70 95 85 100 L105 107 Q118 112 114 127 Q110 140 95 138 L45 126 Q25 121 28 100 Z";

/** A sock drawn in code: its shape, its pattern clipped to it, a heel and a toe. */
export function SockArt({ sock }: { sock: Sock }) {
  const clip = `sock-${sock.id}`;
  return (
    <svg viewBox="0 0 130 145" className="h-40 w-auto drop-shadow-lg" aria-hidden="true" data-share-art="">
      <defs>
        <clipPath id={clip}>
          <path d={SOCK_PATH} />
        </clipPath>
      </defs>
      <path d={SOCK_PATH} fill={sock.color} />
      <g clipPath={`url(#${clip})`} fill={sock.accent} stroke={sock.accent}>
        {sock.pattern === "stripes" &&
          [20, 40, 60, 80, 100, 120].map((y) => <rect key={y} x="0" y={y} width="130" height="8" stroke="none" />)}
        {sock.pattern === "dots" &&
          [15, 35, 55, 75, 95, 115].flatMap((y) =>
            [35, 55, 75, 95].map((x) => (
              <circle key={`${x}-${y}`} cx={x + (y % 40 === 15 ? 0 : 10)} cy={y} r="4" stroke="none" />
            )),
          )}
        {sock.pattern === "hearts" &&
          [25, 60, 95].map((y) => (
            <path key={y} d={`M50 ${y} c-6 -8 -16 0 0 12 c16 -12 6 -20 0 -12 Z`} stroke="none" />
          ))}
        {sock.pattern === "zigzag" &&
          [25, 55, 85, 115].map((y) => (
            <polyline
              key={y}
              points={`0,${y} 15,${y - 8} 30,${y} 45,${y - 8} 60,${y} 75,${y - 8} 90,${y} 105,${y - 8} 120,${y}`}
              fill="none"
              strokeWidth="5"
            />
          ))}
      </g>
      <rect x="28" y="5" width="44" height="12" rx="3" fill="#ffffff" opacity="0.85" />
      <path d="M95 110 Q113 112 114 127 Q110 140 95 138 Z" fill="#000" opacity="0.18" />
      <path d="M70 80 Q70 95 85 100 L78 108 Q62 100 62 82 Z" fill="#000" opacity="0.15" />
      <path d={SOCK_PATH} fill="none" stroke="#0f172a" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}
