import type { Category, PackKind } from '@stickerdrop/shared';
import { LOTTIE_ANIMATIONS, type LottieAnimation } from './lottie-art.js';

/** Seeded users have negative ids Telegram never issues: creators from -100 down, collectors from -200 down. */
export const SEED_CREATOR_ID = -100;
export const SEED_COLLECTOR_ID = -200;
export const SEED_COLLECTORS = 60;

export interface SeedCreator {
  username: string;
  firstName: string;
  displayName: string | null;
  bio: string;
}

export const SEED_CREATORS: readonly SeedCreator[] = [
  { username: 'pixelpaws', firstName: 'Mia', displayName: 'Pixel Paws', bio: 'Cats, dogs and everything fluffy.' },
  { username: 'neonfox', firstName: 'Leo', displayName: null, bio: 'Night-city colours.' },
  { username: 'mochimood', firstName: 'Aiko', displayName: 'Mochi Mood', bio: 'Feelings, but round.' },
  { username: 'greenthumb', firstName: 'Sam', displayName: null, bio: 'Plants that never need watering.' },
  { username: 'snackattack', firstName: 'Priya', displayName: 'Snack Attack', bio: 'Food you can send.' },
  { username: 'glyphsmith', firstName: 'Noah', displayName: null, bio: 'Signs and symbols, hand-cut.' },
  { username: 'cosmo_kat', firstName: 'Kat', displayName: 'Cosmo Kat', bio: 'Space is big. Stickers are small.' },
];

const FIRST_NAMES = ['Alex', 'Bea', 'Chen', 'Dana', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kira', 'Lou'];

export function seedCollector(index: number) {
  return {
    id: SEED_COLLECTOR_ID - index,
    firstName: FIRST_NAMES[index % FIRST_NAMES.length]!,
    username: `collector${index + 1}`,
  };
}

/** A pack's three colours: its card's tile, and the TGS pack's shapes. */
export type Palette = readonly [string, string, string];

/**
 * How a pack's stickers are made: `static` 512 px WEBPs of Fluent Emoji, `emoji` the same at 100×100 (a
 * custom emoji pack), `video` the emoji swaying in a VP9 WEBM, `tgs` Lottie shapes (lottie-art.ts).
 */
export type SeedArt = 'static' | 'emoji' | 'video' | 'tgs';

export interface SeedSticker {
  /** The sticker's emoji (Telegram's emoji_list of one). */
  emoji: string;
  /** A Fluent Emoji icon name, or for a `tgs` pack a LottieAnimation. */
  art: string;
  /** Search words, from the icon's name. */
  keywords: string[];
}

export interface SeedPack {
  slug: string;
  /** Index into SEED_CREATORS. */
  creator: number;
  title: string;
  description: string;
  category: Category;
  tags: string[];
  /** Exact TON text. */
  price: string;
  maxSupply: number;
  ageDays: number;
  sold: number;
  /** How many of the sales happened in the last 7 days (trending). */
  recentSales: number;
  likes: number;
  views: number;
  art: SeedArt;
  kind: PackKind;
  palette: Palette;
  stickers: SeedSticker[];
}

/** Who made each pack and what it is about; `creator` indexes SEED_CREATORS, tags are comma-separated. */
const ABOUT = `
slug             | creator | title            | description                                              | category | tags
golden-hour-cats | 0       | Golden Hour Cats | Sun-drenched cats doing absolutely nothing, beautifully. | animals  | cats,sunset,cozy
neon-nights      | 1       | Neon Nights      | Glowing signs for late-night chats.                      | symbols  | neon,night,city
mochi-feelings   | 2       | Mochi Feelings   | Soft round blobs with very big emotions.                 | emotions | cute,mochi,kawaii
monstera-club    | 3       | Monstera Club    | Leafy friends for plant parents.                         | nature   | plants,green,leaves
midnight-ramen   | 4       | Midnight Ramen   | Noodles for every mood, especially hungry.               | food     | ramen,noodles,late
rune-stones      | 5       | Rune Stones      | Ancient-looking glyphs with modern manners.              | symbols  | runes,glyphs,mystic
orbit-pals       | 6       | Orbit Pals       | Tiny planets with big personalities.                     | objects  | space,planets,cute
puppy-parade     | 0       | Puppy Parade     | A march of very good dogs.                               | animals  | dogs,puppies
synthwave-hearts | 1       | Synthwave Hearts | Love letters from 1986.                                  | emotions | retro,love,neon
sleepy-clouds    | 2       | Sleepy Clouds    | Drowsy weather for slow mornings.                        | nature   | clouds,sleepy,weather
succulent-squad  | 3       | Succulent Squad  | Prickly on the outside, sweet on the inside.             | nature   | cactus,succulents
donut-worry      | 4       | Donut Worry      | Sprinkled reassurance for friends in need.               | food     | donuts,sweet,pun
sacred-geometry  | 5       | Sacred Geometry  | Perfect shapes, imperfect jokes.                         | symbols  | geometry,shapes
comet-tails      | 6       | Comet Tails      | Streaks of light for fast replies.                       | objects  | space,comets,fast
kitten-chaos     | 0       | Kitten Chaos     | Knocking things off tables since forever.                | animals  | cats,kittens,chaos
pixel-emotions   | 1       | Pixel Emotions   | Tiny faces for every chat, as custom emoji.              | emotions | faces,emoji,tiny
tea-time         | 2       | Tea Time         | Steaming cups for calm conversations.                    | food     | tea,calm,cozy
wild-blooms      | 3       | Wild Blooms      | Meadow flowers in full colour.                           | nature   | flowers,spring,meadow
sushi-stack      | 4       | Sushi Stack      | Rolls, nigiri and one very proud wasabi.                 | food     | sushi,japan
zodiac-signs     | 5       | Zodiac Signs     | Twelve signs, zero predictions.                          | symbols  | zodiac,stars,astrology
retro-gadgets    | 6       | Retro Gadgets    | Cassettes, pagers and other relics.                      | objects  | retro,tech,nostalgia
happy-folks      | 2       | Happy Folks      | Everyday people having a great day.                      | people   | people,smiles,friends
office-heroes    | 5       | Office Heroes    | For meetings that could have been a sticker.             | people   | work,office,memes
first-light      | 0       | First Light      | Freshly listed: sunrise creatures waking up.             | general  | sunrise,new
lucky-charms     | 6       | Lucky Charms     | Clovers, horseshoes and a suspicious rabbit foot.        | general  | luck,charms
big-mood-hearts  | 1       | Big Mood Hearts  | When one heart emoji is not enough.                      | emotions | love,hearts
`;

/**
 * How each pack sells: exact TON price, edition size, age in days, editions sold (of them, how many in the
 * last 7 days, which drives trending), likes, views, and its art. "golden-hour-cats" is sold out and
 * "neon-nights" has one edition left.
 */
const MARKET = `
slug             | price | supply | age days | sold | sold this week | likes | views | art    | palette
golden-hour-cats | 4.5   | 25     | 40       | 25   | 6              | 48    | 2140  | static | #ffb347 #ffcc33 #fff5d7
neon-nights      | 2.75  | 40     | 21       | 39   | 12             | 41    | 1880  | static | #f72585 #7209b7 #4cc9f0
mochi-feelings   | 1.2   | 200    | 12       | 54   | 20             | 57    | 3010  | static | #ffafcc #bde0fe #ffffff
monstera-club    | 0.8   | 150    | 75       | 31   | 2              | 19    | 940   | static | #2d6a4f #95d5b2 #d8f3dc
midnight-ramen   | 1.5   | 120    | 5        | 18   | 18             | 33    | 1250  | static | #ff6b35 #f7c59f #efefd0
rune-stones      | 3     | 60     | 90       | 22   | 0              | 12    | 610   | static | #5e548e #9f86c0 #e0b1cb
orbit-pals       | 2.2   | 100    | 3        | 9    | 9              | 26    | 990   | static | #3a0ca3 #4361ee #4cc9f0
puppy-parade     | 1.75  | 300    | 33       | 27   | 3              | 22    | 1020  | static | #bc6c25 #dda15e #fefae0
synthwave-hearts | 0.99  | 500    | 60       | 14   | 1              | 15    | 720   | static | #ff006e #8338ec #3a86ff
sleepy-clouds    | 0.5   | 250    | 2        | 4    | 4              | 9     | 310   | video  | #a2d2ff #cdb4db #ffffff
succulent-squad  | 0.65  | 180    | 110      | 12   | 0              | 6     | 280   | static | #52b788 #b7e4c7 #ffd6a5
donut-worry      | 1.1   | 150    | 18       | 23   | 7              | 28    | 1100  | static | #ff85a1 #fbb1bd #f9f7f3
sacred-geometry  | 2.4   | 80     | 45       | 11   | 1              | 10    | 505   | static | #06d6a0 #118ab2 #ffd166
comet-tails      | 1.9   | 120    | 28       | 17   | 4              | 20    | 870   | tgs    | #fb8500 #ffb703 #8ecae6
kitten-chaos     | 2     | 90     | 4        | 15   | 15             | 38    | 1540  | static | #9d4edd #c77dff #e0aaff
pixel-emotions   | 0.45  | 1000   | 120      | 35   | 0              | 24    | 1330  | emoji  | #00b4d8 #90e0ef #caf0f8
tea-time         | 0.7   | 200    | 52       | 8    | 0              | 7     | 340   | static | #a98467 #dde5b6 #f0ead2
wild-blooms      | 1.35  | 140    | 6        | 6    | 6              | 14    | 480   | static | #ef476f #ffd166 #06d6a0
sushi-stack      | 1.65  | 110    | 85       | 19   | 0              | 13    | 690   | static | #e63946 #f1faee #a8dadc
zodiac-signs     | 2.9   | 120    | 1        | 2    | 2              | 5     | 150   | static | #240046 #7b2cbf #e0aaff
retro-gadgets    | 1.25  | 160    | 64       | 10   | 0              | 9     | 420   | static | #fca311 #e5e5e5 #14213d
happy-folks      | 0.9   | 220    | 37       | 13   | 2              | 11    | 560   | static | #f4a261 #e9c46a #2a9d8f
office-heroes    | 1.05  | 260    | 15       | 7    | 3              | 8     | 390   | static | #457b9d #1d3557 #f1faee
first-light      | 0.3   | 500    | 0.5      | 0    | 0              | 2     | 40    | static | #ffafcc #ffc8dd #fff1e6
lucky-charms     | 5     | 50     | 100      | 5    | 0              | 4     | 260   | static | #2b9348 #80b918 #eeef20
big-mood-hearts  | 0.6   | 400    | 9        | 11   | 5              | 17    | 640   | static | #d00000 #ffba08 #faa307
`;

/**
 * Each pack's stickers in order (the first is the cover): its emoji, then a Fluent Emoji icon name (or for
 * the `tgs` pack the animation's name); the icon's words become the sticker's keywords.
 */
const STICKERS = `
slug             | stickers
golden-hour-cats | 😻 smiling-cat-with-heart-eyes, 😸 grinning-cat-with-smiling-eyes, 🌞 sun-with-face, 🐈 cat
neon-nights      | 🌆 cityscape-at-dusk, 🌃 night-with-stars, 🌌 milky-way, 🌟 glowing-star
mochi-feelings   | 🥰 smiling-face-with-hearts, 🥺 pleading-face, 😂 face-with-tears-of-joy, 😭 loudly-crying-face
monstera-club    | 🪴 potted-plant, 🌿 herb, 🍃 leaf-fluttering-in-wind
midnight-ramen   | 🍜 steaming-bowl, 🥟 dumpling, 🍱 bento-box
rune-stones      | 🔮 crystal-ball, 💎 gem-stone
orbit-pals       | 🪐 ringed-planet, 🌚 new-moon-face, 🌝 full-moon-face, 🚀 rocket
puppy-parade     | 🐶 dog-face, 🐩 poodle, 🦮 guide-dog
synthwave-hearts | 💞 revolving-hearts, ❤️‍🔥 heart-on-fire, 💗 growing-heart
sleepy-clouds    | ☁️ cloud, 😴 sleeping-face
succulent-squad  | 🌵 cactus, 🌱 seedling, 🪴 potted-plant
donut-worry      | 🍩 doughnut, 🍪 cookie, 🎂 birthday-cake, ☕ hot-beverage
sacred-geometry  | ☯️ yin-yang, ♾️ infinity, ⚛️ atom-symbol
comet-tails      | ☄️ shooting-star, 🪐 orbit, ✨ twinkle
kitten-chaos     | 😼 cat-with-wry-smile, 🙀 weary-cat, 😾 pouting-cat, 😽 kissing-cat
pixel-emotions   | 😎 smiling-face-with-sunglasses, 🤪 zany-face, 🙃 upside-down-face, 🤩 star-struck
tea-time         | 🍵 teacup-without-handle, 🫖 teapot
wild-blooms      | 🌷 tulip, 🌸 cherry-blossom, 🌺 hibiscus, 🌻 sunflower
sushi-stack      | 🍣 sushi, 🍙 rice-ball, 🍤 fried-shrimp
zodiac-signs     | ♈ aries, ♉ taurus, ♊ gemini, ♌ leo
retro-gadgets    | 📼 videocassette, 📟 pager, 💾 floppy-disk
happy-folks      | 🤗 hugging-face, 🫂 people-hugging, 🙌 raising-hands
office-heroes    | 👩‍💻 woman-technologist, 👨‍💼 man-office-worker
first-light      | 🌅 sunrise, 🐣 hatching-chick
lucky-charms     | 🍀 four-leaf-clover, 🎰 slot-machine, 🐰 rabbit-face
big-mood-hearts  | ❤️ red-heart, 💖 sparkling-heart, 💘 heart-with-arrow
`;

function parseTable(text: string): Map<string, string[]> {
  const [, ...rows] = text.trim().split('\n');
  return new Map(
    rows.map((row) => {
      const cells = row.split('|').map((cell) => cell.trim());
      return [cells[0]!, cells.slice(1)];
    }),
  );
}

/** The demo catalogue, read from the three tables above. */
export const SEED_PACKS: readonly SeedPack[] = (() => {
  const market = parseTable(MARKET);
  const stickers = parseTable(STICKERS);
  return [...parseTable(ABOUT)].map(([slug, [creator, title, description, category, tags]]) => {
    const [price, maxSupply, ageDays, sold, recentSales, likes, views, art, palette] = market.get(slug)!;
    return {
      slug,
      creator: Number(creator),
      title: title!,
      description: description!,
      category: category as Category,
      tags: tags!.split(','),
      price: price!,
      maxSupply: Number(maxSupply),
      ageDays: Number(ageDays),
      sold: Number(sold),
      recentSales: Number(recentSales),
      likes: Number(likes),
      views: Number(views),
      art: art as SeedArt,
      kind: art === 'emoji' ? 'emoji' : 'stickers',
      palette: paletteOf(palette!),
      stickers: stickersOf(stickers.get(slug)![0]!, art as SeedArt),
    };
  });
})();

/** "😻 cat-face, 🐈 cat": each sticker's emoji and art. */
function stickersOf(text: string, art: SeedArt): SeedSticker[] {
  return text.split(',').map((entry) => {
    const [emoji, name] = entry.trim().split(' ');
    if (!emoji || !name) throw new Error(`A seed sticker needs an emoji and its art: ${entry}`);
    if (art === 'tgs' && !LOTTIE_ANIMATIONS.includes(name as LottieAnimation))
      throw new Error(`No such seed animation: ${name}`);
    return { emoji, art: name, keywords: name.split('-').filter((word) => word.length > 2) };
  });
}

/** "a b c": a sticker's three colours. */
function paletteOf(text: string): Palette {
  const [first, second, third] = text.split(' ');
  if (!first || !second || !third) throw new Error(`A seed palette needs three colours: ${text}`);
  return [first, second, third];
}
