/** A potato drawn in code: vector all the way down, so it stays crisp at 100x. */
export function PotatoArt() {
  return (
    <svg viewBox="0 0 300 220" className="block w-full" aria-hidden="true" data-share-art="">
      <defs>
        <radialGradient id="potato-skin" cx="0.4" cy="0.35" r="0.75">
          <stop offset="0" stopColor="#e7c78f" />
          <stop offset="0.7" stopColor="#c8994f" />
          <stop offset="1" stopColor="#8f6329" />
        </radialGradient>
      </defs>
      <path
        d="M40 120 C25 70 70 30 130 32 C170 33 200 20 240 45 C285 72 285 130 262 162 C240 195 190 200 150 192 C110 186 80 200 55 180 C35 165 45 145 40 120 Z"
        fill="url(#potato-skin)"
        stroke="#6b4a1f"
        strokeWidth="3"
      />
      {[
        [85, 80, 5],
        [190, 70, 4],
        [230, 130, 6],
        [110, 160, 4],
        [170, 150, 3],
        [70, 130, 3],
        [215, 95, 3],
      ].map(([x, y, r]) => (
        <g key={`${x}-${y}`}>
          <ellipse cx={x} cy={y} rx={r} ry={(r ?? 3) * 0.7} fill="#7a5324" opacity="0.75" />
          <path d={`M${x} ${y} q2 -6 6 -7`} stroke="#9ca34a" strokeWidth="1.2" fill="none" strokeLinecap="round" />
        </g>
      ))}
      <path d="M70 70 Q90 55 120 52" stroke="#f3dfb4" strokeWidth="5" fill="none" strokeLinecap="round" opacity="0.7" />
    </svg>
  );
}

/**
 * The reward for zooming all the way: a secret at the potato's heart (the zoom's focal point),
 * a speck at 1x and a sentence at 100x. It is HTML text, not SVG text: Chromium lays SVG text out
 * again whenever a transform above it changes, which was every frame of the zoom.
 */
export function PotatoSecret() {
  // Two lines placed by transforms: at this size, line boxes round to whole pixels and would overlap.
  return (
    <p className="absolute top-[52%] left-1/2 whitespace-nowrap text-[#4a3212] [font-size:calc(var(--potato-width)*0.0005)]">
      <b className="absolute -translate-x-1/2 -translate-y-full">You found the potato's secret.</b>
      <span className="absolute -translate-x-1/2 translate-y-[0.2em]">It is just a potato. It always was.</span>
    </p>
  );
}
