/** What the bot keeps between updates: conversation state per chat and the updates it has handled. */
export { botSessionStore } from './sessions.js';
export { handledUpdates } from './handled-updates.js';
export { readUpdateStanding, type UpdateStanding } from './update-standing.js';
