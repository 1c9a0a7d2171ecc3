// The history store (SQLite): opening, migrations, retention, integrity.
import { defineMessages } from '../define.js';

export default defineMessages({}, {});
