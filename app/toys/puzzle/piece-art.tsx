const COLORS = ["#f43f5e", "#f59e0b", "#10b981", "#6366f1"];
// Each piece's knobs and holes, so that they look like they should fit together.
const PATHS = [
  "M0 0 H120 V45 q-16 -4 -16 15 q0 19 16 15 V120 H75 q4 -16 -15 -16 q-19 0 -15 16 H0 Z",
  "M0 0 H120 V120 H75 q4 16 -15 16 q-19 0 -15 -16 H0 V75 q-16 4 -16 -15 q0 -19 16 -15 Z",
  "M0 0 H45 q-4 16 15 16 q19 0 15 -16 H120 V45 q16 -4 16 15 q0 19 -16 15 V120 H0 Z",
  "M0 0 H45 q-4 -16 15 -16 q19 0 15 16 H120 V120 H0 V75 q16 4 16 -15 q0 -19 -16 -15 Z",
];

/** One jigsaw piece, drawn in code. */
export function PieceArt({ piece }: { piece: number }) {
  return (
    <svg
      viewBox="-20 -20 160 160"
      className="h-full w-full overflow-visible drop-shadow-lg"
      aria-hidden="true"
      data-share-art=""
    >
      <path d={PATHS[piece]} fill={COLORS[piece]} stroke="#fff" strokeWidth="3" />
      <text x="60" y="72" textAnchor="middle" fontSize="40" fontWeight="900" fill="#fff">
        {piece + 1}
      </text>
    </svg>
  );
}
