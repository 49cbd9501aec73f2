import { errorResponseSchema, messageResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  accountsResponseSchema,
  budgetSettingsSchema,
  budgetSettingsUpdateSchema,
  exchangeRatesResponseSchema,
  exchangeTokenRequestSchema,
  exchangeTokenResponseSchema,
  financialsSchema,
  linkTokenRequestSchema,
  linkTokenResponseSchema,
  manualFinancialsSchema,
  sandboxInstitutionsResponseSchema,
  sandboxLoginRequestSchema,
  sandboxLoginResponseSchema,
  sandboxPublicTokenRequestSchema,
  sandboxPublicTokenResponseSchema,
  syncResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '@vowa/shared/finance/finance-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/authenticate';
import { BankProviderError } from './bank-provider';
import type { FinanceService } from './finance-service';
import type { SandboxBank } from './sandbox-bank';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;

/** The user's figures and budget settings, under /api/finance. */
export const financeRoutes: FastifyPluginAsyncZod<{ service: FinanceService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['finance'];

  app.get(
    '/financials',
    {
      schema: {
        tags,
        security,
        summary: 'Monthly income, expenses, balance and credit score',
        response: { 200: financialsSchema, ...errors },
      },
    },
    async (request) => service.financials(user(request)),
  );
  app.put(
    '/financials',
    {
      schema: {
        tags,
        security,
        summary: 'Enter finances by hand (replaces a linked bank)',
        body: manualFinancialsSchema,
        response: { 200: financialsSchema, ...errors },
      },
    },
    async (request) => service.saveManualFinancials(user(request), request.body),
  );
  app.delete(
    '/financials',
    {
      schema: {
        tags,
        security,
        summary: 'Remove the figures (and any linked bank)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeFinancials(user(request));
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/budget_settings',
    {
      schema: {
        tags,
        security,
        summary: 'Budget and auto-booking settings',
        response: { 200: budgetSettingsSchema, ...errors },
      },
    },
    async (request) => service.budgetSettings(user(request)),
  );
  app.put(
    '/budget_settings',
    {
      schema: {
        tags,
        security,
        summary: 'Save budget and auto-booking settings (any subset)',
        body: budgetSettingsUpdateSchema,
        response: { 200: budgetSettingsSchema, ...errors },
      },
    },
    async (request) => service.saveBudgetSettings(user(request), request.body),
  );
  app.get(
    '/exchange_rates',
    {
      schema: {
        tags,
        security,
        summary: 'The exchange rates amounts are converted with (per 1 EUR), dated',
        response: { 200: exchangeRatesResponseSchema, ...errors },
      },
    },
    async () => service.exchangeRates(),
  );
};

/** The bank-link calls of part 2 §7 under /api/plaid, plus the sandbox bank's Link steps. */
export const plaidRoutes: FastifyPluginAsyncZod<{
  service: FinanceService;
  sandbox: SandboxBank | undefined;
}> = async (app, { service, sandbox }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['bank link'];

  app.post(
    '/link_token',
    {
      // A step of the bank link: nothing the person's other tabs show has changed yet.
      config: { announces: false },
      schema: {
        tags,
        security,
        summary: 'Start a bank link (verified email required)',
        body: linkTokenRequestSchema,
        response: { 200: linkTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.createLinkToken(user(request)),
  );
  app.post(
    '/exchange_token',
    {
      schema: {
        tags,
        security,
        summary: 'Exchange the public token; the bank access token stays on the server',
        body: exchangeTokenRequestSchema,
        response: { 200: exchangeTokenResponseSchema, ...errors },
      },
    },
    async (request) => service.exchangePublicToken(user(request), request.body.public_token),
  );
  app.get(
    '/accounts',
    {
      schema: {
        tags,
        security,
        summary: 'Linked accounts',
        response: { 200: accountsResponseSchema, ...errors },
      },
    },
    async (request) => ({ accounts: await service.accounts(user(request)) }),
  );
  app.get(
    '/balance',
    {
      schema: {
        tags,
        security,
        summary: 'Live balances',
        response: { 200: accountsResponseSchema, ...errors },
      },
    },
    async (request) => ({ accounts: await service.balances(user(request)) }),
  );
  app.get(
    '/transactions',
    {
      schema: {
        tags,
        security,
        summary: 'Recent transactions (amount positive = money in)',
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const transactions = await service.transactions(user(request), request.query.count);
      return { transactions, total_transactions: transactions.length };
    },
  );
  app.post(
    '/sync',
    {
      schema: {
        tags,
        security,
        summary: 'Fetch again and re-derive the figures',
        response: { 200: syncResponseSchema, ...errors },
      },
    },
    async (request) => service.sync(user(request)),
  );
  app.post(
    '/disconnect',
    {
      schema: {
        tags,
        security,
        summary: 'Remove the bank item and delete its tokens and data',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => service.disconnect(user(request)),
  );

  if (!sandbox) return;
  // Vowa's test bank: the steps Plaid Link would show, answered by the sandbox.
  const sandboxStep = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof BankProviderError) {
        throw new AppError(error.reason, error.userMessage);
      }
      throw error;
    }
  };
  app.get(
    '/sandbox/institutions',
    {
      schema: {
        tags,
        security,
        summary: 'Test banks of the sandbox',
        response: { 200: sandboxInstitutionsResponseSchema, ...errors },
      },
    },
    async () => ({ institutions: sandbox.institutions() }),
  );
  app.post(
    '/sandbox/login',
    {
      // A step of the bank link: nothing the person's other tabs show has changed yet.
      config: { announces: false },
      schema: {
        tags,
        security,
        summary: 'Sign in to a test bank (user_good / pass_good)',
        body: sandboxLoginRequestSchema,
        response: { 200: sandboxLoginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { link_token, institution_id, username, password } = request.body;
      return {
        accounts: sandboxStep(() =>
          sandbox.login(link_token, user(request), institution_id, username, password),
        ),
      };
    },
  );
  app.post(
    '/sandbox/public_token',
    {
      // A step of the bank link: nothing the person's other tabs show has changed yet.
      config: { announces: false },
      schema: {
        tags,
        security,
        summary: 'Finish the test bank flow with the chosen accounts',
        body: sandboxPublicTokenRequestSchema,
        response: { 200: sandboxPublicTokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { link_token, institution_id, account_ids } = request.body;
      return {
        public_token: sandboxStep(() =>
          sandbox.publicToken(link_token, user(request), institution_id, account_ids),
        ),
      };
    },
  );
};
