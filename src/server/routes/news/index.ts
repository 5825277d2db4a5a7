/** GET admin/news/live: the home page's news column (success code 0, spec §9). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWS_CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { NEWS_PATHS, newsItem, newsQuery } from '../../../contract/news';
import { liveNews } from './repo';

const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${NEWS_PATHS.live}`, {
    config: { access: 'member' },
    schema: { tags: ['news'], querystring: newsQuery, response: { 200: envelope(z.array(newsItem)) } },
    handler: async (request) => {
      const data = await liveNews(app.db, request.query.category);
      return { code: NEWS_CODE_OK, message: 'ok', data, totalRecords: data.length };
    },
  });
};

export default newsRoutes;
