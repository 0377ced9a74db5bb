import { useCallback, useEffect, useRef } from "react";
import { isMuted } from "../../kit/sound/mute";
import { FLUSH_SOUND, playFlush } from "./logic";

/**
 * The flush sound: the returned function plays the project's file unless the site is muted.
 * Every sound still playing is stopped and lets go of its file when the page is left, so no flush
 * gurgles on into another page and no media element outlives the toy.
 */
export function useFlushSound(): () => void {
  const playing = useRef(new Set<HTMLAudioElement>());
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    const all = playing.current;
    return () => {
      mounted.current = false;
      for (const audio of all) release(audio);
      all.clear();
    };
  }, []);

  return useCallback(() => {
    if (isMuted()) return;
    playFlush(
      () => {
        const audio = new Audio(FLUSH_SOUND);
        const done = () => playing.current.delete(audio);
        audio.addEventListener("ended", done, { once: true });
        audio.addEventListener("error", done, { once: true });
        playing.current.add(audio);
        return audio;
      },
      // A play cut short because the page was left is no failure worth reporting.
      (message, error) => {
        if (mounted.current) console.error(message, error);
      },
    );
  }, []);
}

function release(audio: HTMLAudioElement): void {
  audio.pause();
  audio.removeAttribute("src");
  audio.load(); // with no source, this drops the media resource
}
