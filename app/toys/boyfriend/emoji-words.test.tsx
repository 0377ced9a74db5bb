import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { EmojiWords } from "./emoji-words";

const html = (text: string) => renderToStaticMarkup(<EmojiWords text={text} />);

it("puts each emoji in an emoji span of its own, and the words and spaces outside", () => {
  expect(html("⚡ charged")).toBe('<span class="emoji">⚡</span> charged');
  expect(html("omg that's so interesting 😍 anyway")).toBe(
    'omg that&#x27;s so interesting <span class="emoji">😍</span> anyway',
  );
  expect(html("haha yeah 💕")).toBe('haha yeah <span class="emoji">💕</span>');
});

it("keeps an emoji's variation selector, skin tone and joined parts with it", () => {
  expect(html("☀️🌧️ rain")).toBe('<span class="emoji">☀️</span><span class="emoji">🌧️</span> rain');
  expect(html("👍🏽 ok")).toBe('<span class="emoji">👍🏽</span> ok');
  expect(html("👩‍🚀!")).toBe('<span class="emoji">👩‍🚀</span>!');
});

it("leaves text without emoji as it is, and the text reads the same", () => {
  expect(html("you there?")).toBe("you there?");
  const container = document.createElement("div");
  container.innerHTML = html("k 👍 see you 🥺");
  expect(container.textContent).toBe("k 👍 see you 🥺");
});
