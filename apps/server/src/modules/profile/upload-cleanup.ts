import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/jobs-module';
import type { FileStore } from './file-store';
import type { ProfileRepository } from './profile-repository';

/** An upload no profile shows is kept this long (someone may still be choosing it). */
export const UNUSED_UPLOAD_TTL_MS = 86_400_000;
/** How often the cleanup runs (once per period across instances). */
const CLEANUP_EVERY_MS = 3_600_000;
const PAGE = 100;

export const UPLOAD_CLEANUP_JOB = 'profile.remove-unused-uploads';

/**
 * Removes uploaded photos that no profile shows a day after they were uploaded: the record
 * first (only while still unused), then the file from whichever store holds it (folder or
 * bucket). A file the store fails to remove is logged and left; its record is gone, so nobody
 * can point a profile at it any more.
 */
export function registerUploadCleanup(
  jobs: JobQueue,
  deps: {
    repository: Pick<ProfileRepository, 'unusedUploads' | 'forgetUnusedUpload'>;
    files: Pick<FileStore, 'remove'>;
    log: FastifyBaseLogger;
  },
) {
  jobs.work(UPLOAD_CLEANUP_JOB, async (_payload, { now, signal }) => {
    const before = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS);
    let removed = 0;
    for (;;) {
      const page = await deps.repository.unusedUploads(before, PAGE);
      for (const upload of page) {
        if (signal.aborted) return { removed };
        if (!(await deps.repository.forgetUnusedUpload(upload.id))) continue;
        await deps.files.remove(upload.path).catch((error: unknown) => {
          deps.log.warn({ err: error, path: upload.path }, 'unused upload not removed from store');
        });
        removed += 1;
      }
      if (page.length < PAGE) break;
    }
    if (removed > 0) deps.log.info({ removed }, 'unused uploads removed');
    return { removed };
  });
  jobs.schedule(UPLOAD_CLEANUP_JOB, { everyMs: CLEANUP_EVERY_MS });
}
