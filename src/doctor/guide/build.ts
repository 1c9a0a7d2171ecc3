// buildGuide(topic, report): one topic's steps for this machine, from a doctor report.

import type { DoctorReport } from '../report/report.js';
import { guideContext } from './context.js';
import { jaxGuide, pytorchGuide, tensorflowGuide, verifyGuide } from './framework-topics.js';
import { cudaGuide, cudnnGuide, dockerGuide, driverGuide } from './system-topics.js';
import type { Guide, GuideTopic } from './types.js';

export function buildGuide(topic: GuideTopic, report: DoctorReport): Guide {
  const ctx = guideContext(report);
  switch (topic) {
    case 'driver':
      return driverGuide(ctx);
    case 'cuda':
      return cudaGuide(ctx);
    case 'cudnn':
      return cudnnGuide(ctx);
    case 'pytorch':
      return pytorchGuide(ctx);
    case 'tensorflow':
      return tensorflowGuide(ctx);
    case 'jax':
      return jaxGuide(ctx);
    case 'docker':
      return dockerGuide(ctx);
    case 'verify':
      return verifyGuide(ctx, [driverGuide(ctx), cudaGuide(ctx), pytorchGuide(ctx), tensorflowGuide(ctx), jaxGuide(ctx), dockerGuide(ctx)]);
  }
}
