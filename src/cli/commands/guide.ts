// `gpuwise guide [topic]`: install steps for driver | cuda | cudnn | pytorch | tensorflow | jax |
// docker | verify, tailored to this machine by a doctor run. Exit 0 (it is advice, not a check).

import { InvalidArgumentError, type Command } from 'commander';
import { GUIDE_TOPICS, isGuideTopic, type GuideTopic } from '../../doctor/guide/types.js';
import type { CliContext } from '../context.js';
import { timeoutOption } from './doctor.js';

export function register(program: Command, cli: CliContext): void {
  const topics = GUIDE_TOPICS.join(' | ');
  program
    .command('guide')
    .description(cli.t('doctor.guideCli.description'))
    .argument('[topic]', cli.t('doctor.guideCli.argument.topic', { topics }), (value: string): GuideTopic => {
      if (!isGuideTopic(value)) throw new InvalidArgumentError(cli.t('doctor.guideCli.badTopic', { topics }));
      return value;
    }, 'verify')
    .option('--json', cli.t('doctor.cli.option.json'))
    .addOption(timeoutOption(cli.t))
    .action(async (topic: GuideTopic, options: { json?: boolean; timeout?: number }) => {
      const [{ diagnoseThisMachine }, { buildGuide, renderGuideJson, renderGuideText }] = await Promise.all([
        import('./doctor-run.js'),
        import('../../doctor/index.js'),
      ]);
      const report = await diagnoseThisMachine(cli, options.json === true, options.timeout);
      const guide = buildGuide(topic, report);
      if (options.json) cli.out(renderGuideJson(guide, cli.t));
      else cli.out(renderGuideText(guide, cli.t, cli.color));
      process.exitCode = 0;
    });
}
