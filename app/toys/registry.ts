import type { PageEntry } from "../kit/lib/page-entry";
import { toy as about } from "../pages/about/toy";
import { toy as blog } from "../pages/blog/toy";
import { toy as contact } from "../pages/contact/toy";
import { toy as faq } from "../pages/faq/toy";
import { toy as howItWorks } from "../pages/how-it-works/toy";
import { toy as age } from "./age/toy";
import { toy as airGuitar } from "./air-guitar/toy";
import { toy as aura } from "./aura/toy";
import { toy as boyfriend } from "./boyfriend/toy";
import { toy as breakUp } from "./break-up/toy";
import { toy as bubbleWrap } from "./bubble-wrap/toy";
import { toy as bubbleWrapTogether } from "./bubble-wrap-together/toy";
import { toy as clap } from "./clap/toy";
import { toy as coin } from "./coin/toy";
import { toy as cool } from "./cool/toy";
import { toy as countdown } from "./countdown/toy";
import { toy as elevator } from "./elevator/toy";
import { toy as emojis } from "./emojis/toy";
import { toy as emojisTogether } from "./emojis-together/toy";
import { toy as flush } from "./flush/toy";
import { toy as hacker } from "./hacker/toy";
import { toy as hi } from "./hi/toy";
import { toy as hotdog } from "./hotdog/toy";
import { toy as loading } from "./loading/toy";
import { toy as name } from "./name/toy";
import { toy as polls } from "./polls/toy";
import { toy as popUps } from "./pop-ups/toy";
import { toy as potato } from "./potato/toy";
import { toy as puzzle } from "./puzzle/toy";
import { toy as quotes } from "./quotes/toy";
import { toy as rap } from "./rap/toy";
import { toy as recipes } from "./recipes/toy";
import { toy as rock } from "./rock/toy";
import { toy as shrugs } from "./shrugs/toy";
import { toy as socks } from "./socks/toy";
import { toy as sparkle } from "./sparkle/toy";
import { toy as trivia } from "./trivia/toy";
import { toy as uselessButton } from "./useless-button/toy";
import { toy as uwu } from "./uwu/toy";
import { toy as weather } from "./weather/toy";
import { toy as wheel } from "./wheel/toy";
import { toy as wikiLies } from "./wiki-lies/toy";

/**
 * Every page of the site, declared once. Adding a toy is one folder plus one line here; routes,
 * the menu, meta, backgrounds, the pre-render list and the route-wide browser tests follow.
 */

/** The toys, in menu order (the spec's route table). Their folders live in app/toys. */
export const toys: readonly PageEntry[] = [
  uselessButton,
  hi,
  quotes,
  shrugs,
  aura,
  sparkle,
  emojis,
  emojisTogether,
  loading,
  popUps,
  polls,
  clap,
  boyfriend,
  uwu,
  airGuitar,
  rock,
  breakUp,
  wikiLies,
  socks,
  weather,
  rap,
  hacker,
  flush,
  potato,
  elevator,
  bubbleWrap,
  bubbleWrapTogether,
  age,
  wheel,
  hotdog,
  recipes,
  puzzle,
  cool,
  trivia,
  coin,
  countdown,
  name,
];

/** About, How It Works, Blog, FAQ, Contact, in menu order. Their folders live in app/pages. */
export const pages: readonly PageEntry[] = [about, howItWorks, blog, faq, contact];

export const allPages: readonly PageEntry[] = [...toys, ...pages];

/** The route module of an entry, relative to app/. */
export function routeFile(entry: PageEntry, file = "route.tsx"): string {
  const group = toys.includes(entry) ? "toys" : "pages";
  return `${group}/${entry.slug}/${file}`;
}

/** Every concrete URL to pre-render: each page's path plus its sub-routes' listed paths. */
export function prerenderPaths(): string[] {
  return allPages.flatMap((entry) => [entry.path, ...(entry.subRoutes ?? []).flatMap((sub) => sub.prerender)]);
}
