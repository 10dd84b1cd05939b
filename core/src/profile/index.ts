export {
  upsertTelegramUser,
  getUserById,
  storedLanguage,
  toUserDto,
  becomeCreator,
  updateProfileFields,
  adoptLanguageIfUnset,
  type UserRow,
  type TelegramUserFields,
  type ProfileFields,
} from './users.js';
export { requireCreator, type CreatorCapability } from './creator.js';
