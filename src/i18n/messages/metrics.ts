// /metrics: help texts of gpuwise's own series and collector names.
import { defineMessages } from '../define.js';

export default defineMessages({}, {});
