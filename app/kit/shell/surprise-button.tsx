import { useNavigate } from "react-router";
import { DieIcon } from "./icons";
import type { LoadSiteMap } from "./site-map";
import { pickSurprise } from "./surprise";

interface SurpriseButtonProps {
  loadSiteMap: LoadSiteMap;
  currentPath: string | null;
}

/** Takes the visitor to a random toy, never the one they are on. */
export function SurpriseButton({ loadSiteMap, currentPath }: SurpriseButtonProps) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onPointerEnter={() => void loadSiteMap().catch(() => {})}
      onClick={() => {
        loadSiteMap()
          .then(({ toys }) => {
            const path = pickSurprise(
              toys.map((toy) => toy.path),
              currentPath,
              Math.random,
            );
            if (path) navigate(path);
          })
          .catch(() => {});
      }}
      className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-2 font-semibold text-purple-800 shadow ring-1 ring-purple-200 hover:bg-purple-50 sm:px-4"
    >
      <DieIcon />
      <span className="sr-only sm:not-sr-only">Surprise me</span>
    </button>
  );
}
