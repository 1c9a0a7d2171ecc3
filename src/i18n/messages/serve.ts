// `gpuwise serve`: the HTTP server, its CLI, auth and errors.
import { defineMessages } from '../define.js';

export default defineMessages({}, {});
