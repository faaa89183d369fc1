import type { AppContext } from '../context.js';

/** Logout tokens posted at once at most; the others wait their turn. */
const CONCURRENCY = 4;

type Post = () => Promise<Response>;

/**
 * Back-channel logout tokens go out in the background: the caller (the provider's logout, or the
 * platform's sign-out ending provider sessions) is answered at once, as if delivered, while the
 * posts run CONCURRENCY at a time; one that fails or is refused is logged, never retried.
 */
export function backchannelDelivery(ctx: AppContext): (url: string, post: Post) => Response {
  const waiting: { url: string; post: Post }[] = [];
  let sending = 0;
  const pump = () => {
    while (sending < CONCURRENCY && waiting.length) {
      const { url, post } = waiting.shift() as { url: string; post: Post };
      sending++;
      post()
        .then(async (response) => {
          await response.arrayBuffer().catch(() => undefined);
          if (!response.ok) ctx.log?.warn({ url, status: response.status }, 'back-channel logout refused');
        })
        .catch((error: unknown) => ctx.log?.warn({ err: error, url }, 'back-channel logout not delivered'))
        .finally(() => {
          sending--;
          pump();
        });
    }
  };
  return (url, post) => {
    waiting.push({ url, post });
    pump();
    return new Response(null, { status: 200 });
  };
}
