/** The rock, drawn in code. Its eyes close while it blinks. */
export function RockArt({ blinking }: { blinking: boolean }) {
  return (
    <svg viewBox="0 0 240 170" className="w-72 max-w-full drop-shadow-2xl" aria-hidden="true" data-share-art="">
      <ellipse cx="120" cy="158" rx="100" ry="10" fill="#000" opacity="0.25" />
      <path
        d="M30 130 Q12 95 40 62 Q62 30 110 26 Q168 20 200 52 Q232 86 214 124 Q200 152 130 154 Q52 156 30 130 Z"
        fill="#78716c"
        stroke="#44403c"
        strokeWidth="4"
      />
      <path d="M60 60 Q80 44 110 42" fill="none" stroke="#a8a29e" strokeWidth="6" strokeLinecap="round" />
      <circle cx="70" cy="118" r="5" fill="#57534e" />
      <circle cx="176" cy="126" r="7" fill="#57534e" />
      <circle cx="150" cy="58" r="4" fill="#57534e" />
      {blinking ? (
        <g data-eyes="closed" stroke="#1c1917" strokeWidth="5" strokeLinecap="round">
          <path d="M86 92 Q98 100 110 92" fill="none" />
          <path d="M134 92 Q146 100 158 92" fill="none" />
        </g>
      ) : (
        <g data-eyes="open">
          <ellipse cx="98" cy="90" rx="13" ry="15" fill="#fff" />
          <ellipse cx="146" cy="90" rx="13" ry="15" fill="#fff" />
          <circle cx="101" cy="93" r="6" fill="#1c1917" />
          <circle cx="149" cy="93" r="6" fill="#1c1917" />
        </g>
      )}
      <path d="M108 122 Q122 130 136 122" fill="none" stroke="#1c1917" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
