// Money as people read it: "$60,000", "¥400,000", "€50,000". The formatting lives in the shared
// formatter (src/i18n/format.ts), so the advisor, the CLI and the messages write money one way.

export { formatMoney, formatMoneyRange } from '../../i18n/format.js';
