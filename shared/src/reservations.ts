/** The texts of the limits on unpaid reservations (RESERVATIONS_MAX_OPEN, RESERVATION_COOLDOWN). */
export const RESERVATION_ERRORS = {
  tooMany: (max: number) =>
    `You have ${max} unpaid reservations already. Pay for one or let it lapse before reserving another.`,
  coolingDown: (minutes: number) =>
    `Too many of your reservations went unpaid lately. You can reserve again in ${minutes} min.`,
} as const;
