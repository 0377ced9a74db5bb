import { memo } from "react";
import { PALETTE } from "../../../contracts/wall";

/**
 * The sixteen emojis a cell can be painted with, as a radio group (one tab stop, the arrows choose):
 * a paint is always one of these, never text. `describedBy` names the line that says when this
 * visitor may paint again, read with the group rather than announced every second.
 */
export const Palette = memo(function Palette({
  picked,
  onPick,
  describedBy,
}: {
  picked: number;
  onPick: (e: number) => void;
  describedBy: string;
}) {
  return (
    <fieldset aria-describedby={describedBy} className="w-full max-w-md">
      <legend className="mb-2 font-semibold">Your emoji</legend>
      {/* Eight to a row, or four where the row is narrow for the emoji's size (large text on a
          phone): a container query, on a div (a fieldset lays out its own way). */}
      <div className="@container">
        <div className="grid grid-cols-4 gap-1 @[16rem]:grid-cols-8">
          {PALETTE.map(({ char, name }, e) => (
            <label
              key={char}
              className="relative grid aspect-square cursor-pointer place-items-center rounded-lg bg-white/15 text-2xl leading-none has-checked:bg-white/45 has-checked:ring-4 has-checked:ring-yellow-300 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-yellow-400"
            >
              <input
                type="radio"
                name="wall-emoji"
                value={e}
                checked={e === picked}
                onChange={() => onPick(e)}
                className="sr-only"
              />
              <span aria-hidden="true" className="emoji">
                {char}
              </span>
              <span className="sr-only">{name}</span>
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
});
