import { useNavigate } from "react-router";
import { DieIcon } from "./icons";
import { toyPaths } from "./site-menu";
import { pickSurprise } from "./surprise";

/** Takes the visitor to a random toy from the menu's list, never the one they are on. */
export function SurpriseButton({ currentPath }: { currentPath: string | null }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        const path = pickSurprise(toyPaths(), currentPath, Math.random);
        if (path) navigate(path);
      }}
      className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-2 font-semibold text-purple-800 shadow ring-1 ring-purple-200 hover:bg-purple-50 sm:px-4"
    >
      <DieIcon />
      <span className="sr-only sm:not-sr-only">Surprise me</span>
    </button>
  );
}
