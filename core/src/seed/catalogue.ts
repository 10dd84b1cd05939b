import type { Category } from '@stickerdrop/shared';
import type { Motif, Palette } from './art.js';

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
  motif: Motif;
  palette: Palette;
  stickers: 2 | 3 | 4;
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
pixel-emotions   | 1       | Pixel Emotions   | Eight-bit feelings for every chat.                       | emotions | pixel,retro,faces
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
slug             | price | supply | age days | sold | sold this week | likes | views | motif  | palette                 | stickers
golden-hour-cats | 4.5   | 25     | 40       | 25   | 6              | 48    | 2140  | face   | #ffb347 #ffcc33 #fff5d7 | 4
neon-nights      | 2.75  | 40     | 21       | 39   | 12             | 41    | 1880  | star   | #f72585 #7209b7 #4cc9f0 | 4
mochi-feelings   | 1.2   | 200    | 12       | 54   | 20             | 57    | 3010  | blob   | #ffafcc #bde0fe #ffffff | 4
monstera-club    | 0.8   | 150    | 75       | 31   | 2              | 19    | 940   | leaf   | #2d6a4f #95d5b2 #d8f3dc | 3
midnight-ramen   | 1.5   | 120    | 5        | 18   | 18             | 33    | 1250  | planet | #ff6b35 #f7c59f #efefd0 | 3
rune-stones      | 3     | 60     | 90       | 22   | 0              | 12    | 610   | gem    | #5e548e #9f86c0 #e0b1cb | 2
orbit-pals       | 2.2   | 100    | 3        | 9    | 9              | 26    | 990   | planet | #3a0ca3 #4361ee #4cc9f0 | 4
puppy-parade     | 1.75  | 300    | 33       | 27   | 3              | 22    | 1020  | face   | #bc6c25 #dda15e #fefae0 | 3
synthwave-hearts | 0.99  | 500    | 60       | 14   | 1              | 15    | 720   | heart  | #ff006e #8338ec #3a86ff | 3
sleepy-clouds    | 0.5   | 250    | 2        | 4    | 4              | 9     | 310   | blob   | #a2d2ff #cdb4db #ffffff | 2
succulent-squad  | 0.65  | 180    | 110      | 12   | 0              | 6     | 280   | flower | #52b788 #b7e4c7 #ffd6a5 | 3
donut-worry      | 1.1   | 150    | 18       | 23   | 7              | 28    | 1100  | planet | #ff85a1 #fbb1bd #f9f7f3 | 4
sacred-geometry  | 2.4   | 80     | 45       | 11   | 1              | 10    | 505   | gem    | #06d6a0 #118ab2 #ffd166 | 3
comet-tails      | 1.9   | 120    | 28       | 17   | 4              | 20    | 870   | star   | #fb8500 #ffb703 #8ecae6 | 3
kitten-chaos     | 2     | 90     | 4        | 15   | 15             | 38    | 1540  | face   | #9d4edd #c77dff #e0aaff | 4
pixel-emotions   | 0.45  | 1000   | 120      | 35   | 0              | 24    | 1330  | blob   | #00b4d8 #90e0ef #caf0f8 | 4
tea-time         | 0.7   | 200    | 52       | 8    | 0              | 7     | 340   | flower | #a98467 #dde5b6 #f0ead2 | 2
wild-blooms      | 1.35  | 140    | 6        | 6    | 6              | 14    | 480   | flower | #ef476f #ffd166 #06d6a0 | 4
sushi-stack      | 1.65  | 110    | 85       | 19   | 0              | 13    | 690   | blob   | #e63946 #f1faee #a8dadc | 3
zodiac-signs     | 2.9   | 120    | 1        | 2    | 2              | 5     | 150   | star   | #240046 #7b2cbf #e0aaff | 4
retro-gadgets    | 1.25  | 160    | 64       | 10   | 0              | 9     | 420   | gem    | #fca311 #e5e5e5 #14213d | 3
happy-folks      | 0.9   | 220    | 37       | 13   | 2              | 11    | 560   | face   | #f4a261 #e9c46a #2a9d8f | 3
office-heroes    | 1.05  | 260    | 15       | 7    | 3              | 8     | 390   | blob   | #457b9d #1d3557 #f1faee | 2
first-light      | 0.3   | 500    | 0.5      | 0    | 0              | 2     | 40    | star   | #ffafcc #ffc8dd #fff1e6 | 2
lucky-charms     | 5     | 50     | 100      | 5    | 0              | 4     | 260   | heart  | #2b9348 #80b918 #eeef20 | 3
big-mood-hearts  | 0.6   | 400    | 9        | 11   | 5              | 17    | 640   | heart  | #d00000 #ffba08 #faa307 | 3
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

/** The demo catalogue, read from the two tables above. */
export const SEED_PACKS: readonly SeedPack[] = (() => {
  const market = parseTable(MARKET);
  return [...parseTable(ABOUT)].map(([slug, [creator, title, description, category, tags]]) => {
    const [price, maxSupply, ageDays, sold, recentSales, likes, views, motif, palette, stickers] = market.get(slug)!;
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
      motif: motif as Motif,
      palette: paletteOf(palette!),
      stickers: Number(stickers) as SeedPack['stickers'],
    };
  });
})();

/** "a b c": a sticker's three colours. */
function paletteOf(text: string): Palette {
  const [first, second, third] = text.split(' ');
  if (!first || !second || !third) throw new Error(`A seed palette needs three colours: ${text}`);
  return [first, second, third];
}
