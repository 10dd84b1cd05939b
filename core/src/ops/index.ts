/** The operator's desk: reports, takedowns and restores, bans, the queues a person must see, the audit log. */
export { isOperator } from './operators.js';
export { listAudit, recordAudit, type AuditInput } from './audit.js';
export { reportPack, reportsFiledSince, listReportedPacks, type ReportInput, type FiledReport } from './reports.js';
export { takeDownPack, restorePack, type TakedownInput, type TakedownResult } from './takedown.js';
export { banUser, unbanUser, isBanned } from './bans.js';
export { listQueues, retryRefund, releasePayout } from './queues.js';
export { listRemovedPacks } from './removed-packs.js';
