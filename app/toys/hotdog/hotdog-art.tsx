import type { Hotdog } from "./logic";

/** A hotdog drawn in code, crisp at any size. */
export function HotdogArt({ hotdog }: { hotdog: Hotdog }) {
  return (
    <svg viewBox="0 0 320 180" className="w-full max-w-lg" aria-hidden="true" data-share-art="">
      <ellipse cx="160" cy="150" rx="140" ry="14" fill="#000" opacity="0.2" />
      <path d="M30 95 Q30 145 160 145 Q290 145 290 95 Z" fill="#d97706" />
      <path d="M18 92 Q14 60 60 62 L262 62 Q306 60 302 92 Q300 108 262 104 L60 104 Q20 108 18 92 Z" fill="#b91c1c" />
      <path
        d="M40 70 Q160 60 280 70"
        fill="none"
        stroke="#fca5a5"
        strokeWidth="5"
        strokeLinecap="round"
        opacity="0.6"
      />
      {hotdog.ketchup ? (
        <path
          d="M50 88 Q70 76 90 88 T130 88 T170 88 T210 88 T250 88 T270 84"
          fill="none"
          stroke="#dc2626"
          strokeWidth="7"
          strokeLinecap="round"
        />
      ) : null}
      <path
        d="M45 80 L65 70 L85 82 L105 70 L125 82 L145 70 L165 82 L185 70 L205 82 L225 70 L245 82 L265 72"
        fill="none"
        stroke={hotdog.mustard}
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {hotdog.relish
        ? [70, 110, 150, 190, 230].map((x) => <rect key={x} x={x} y="90" width="10" height="6" rx="2" fill="#16a34a" />)
        : null}
      <path d="M22 96 Q22 128 160 128 Q298 128 298 96 Q298 118 160 122 Q22 118 22 96 Z" fill="#f59e0b" />
      <path d="M50 112 Q160 124 270 112" fill="none" stroke="#fcd34d" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
