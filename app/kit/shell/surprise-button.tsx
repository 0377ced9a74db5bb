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
      className="surprise-button"
    >
      <DieIcon />
      <span className="sr-only sm:not-sr-only">Surprise me</span>
    </button>
  );
}
