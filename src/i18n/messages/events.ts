// Events derived from samples (throttling, a GPU lost, ECC, processes, Xid …).
import { defineMessages } from '../define.js';

export default defineMessages({}, {});
