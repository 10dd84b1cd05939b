/**
 * The lucide icons the app draws (see Icon.tsx), each imported from its own module: the package's index
 * would load all ~1,900 icons wherever the bundler cannot drop them (tests, the dev server).
 */
export { default as CircleCheck } from 'lucide/dist/esm/icons/circle-check.mjs';
export { default as CircleUser } from 'lucide/dist/esm/icons/circle-user.mjs';
export { default as Clock } from 'lucide/dist/esm/icons/clock.mjs';
export { default as Copy } from 'lucide/dist/esm/icons/copy.mjs';
export { default as Eye } from 'lucide/dist/esm/icons/eye.mjs';
export { default as Flame } from 'lucide/dist/esm/icons/flame.mjs';
export { default as Gem } from 'lucide/dist/esm/icons/gem.mjs';
export { default as Heart } from 'lucide/dist/esm/icons/heart.mjs';
export { default as House } from 'lucide/dist/esm/icons/house.mjs';
export { default as Image } from 'lucide/dist/esm/icons/image.mjs';
export { default as Images } from 'lucide/dist/esm/icons/images.mjs';
export { default as LayoutGrid } from 'lucide/dist/esm/icons/layout-grid.mjs';
export { default as List } from 'lucide/dist/esm/icons/list.mjs';
export { default as Lock } from 'lucide/dist/esm/icons/lock.mjs';
export { default as Menu } from 'lucide/dist/esm/icons/menu.mjs';
export { default as Package } from 'lucide/dist/esm/icons/package.mjs';
export { default as Palette } from 'lucide/dist/esm/icons/palette.mjs';
export { default as Repeat } from 'lucide/dist/esm/icons/repeat.mjs';
export { default as Send } from 'lucide/dist/esm/icons/send.mjs';
export { default as ShoppingBag } from 'lucide/dist/esm/icons/shopping-bag.mjs';
export { default as ShoppingCart } from 'lucide/dist/esm/icons/shopping-cart.mjs';
export { default as SlidersHorizontal } from 'lucide/dist/esm/icons/sliders-horizontal.mjs';
export { default as Sparkles } from 'lucide/dist/esm/icons/sparkles.mjs';
export { default as SquarePlus } from 'lucide/dist/esm/icons/square-plus.mjs';
export { default as Star } from 'lucide/dist/esm/icons/star.mjs';
export { default as Store } from 'lucide/dist/esm/icons/store.mjs';
export { default as Tag } from 'lucide/dist/esm/icons/tag.mjs';
export { default as Ticket } from 'lucide/dist/esm/icons/ticket.mjs';
export { default as TrendingUp } from 'lucide/dist/esm/icons/trending-up.mjs';
export { default as Wallet } from 'lucide/dist/esm/icons/wallet.mjs';
export { default as Users } from 'lucide/dist/esm/icons/users.mjs';
export { default as Wrench } from 'lucide/dist/esm/icons/wrench.mjs';
export { default as X } from 'lucide/dist/esm/icons/x.mjs';
export { default as Zap } from 'lucide/dist/esm/icons/zap.mjs';
