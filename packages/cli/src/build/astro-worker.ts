/**
 * A child process of `datekit build` (see `renderShareInWorker`): receives one share of the language
 * versions to render, renders and finishes them, answers with the result and exits.
 */
import { renderShare, type ShareJob } from './render-share.ts';

process.once('message', (job: ShareJob) => {
  renderShare(job).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () =>
        process.exit(1),
      ),
  );
});
