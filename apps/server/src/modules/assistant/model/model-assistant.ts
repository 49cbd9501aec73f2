import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Language } from '@vowa/shared/settings/settings-constants';
import { stepCountIs, streamText, type ModelMessage } from 'ai';
import type { AssistantEngine, AssistantEvent, Caller, GroupContext } from '../assistant-engine';
import { modelToolsFor } from './model-tools';

/** At most this many rounds of tool calls and answers per message. */
const MAX_STEPS = 5;

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  ja: 'Japanese',
};

/**
 * What the model is told of a group: who is there, what they picked, and the privacy rule. The
 * group's budget (the smallest of the members') is never given: the tools say whether an offer
 * fits it, and the text guard refuses any figure no tool returned.
 */
function groupPromptFor(caller: Caller, group: GroupContext): string[] {
  const lines = [
    `This is the group chat "${group.name}" with ${group.memberCount} members; ` +
      `${caller.kind === 'member' ? caller.name : 'a member'} asked you, but every member reads ` +
      "your answer. Earlier messages start with their author's first name.",
    `Unless the request says otherwise, plan for ${group.memberCount} travellers (adults).`,
    "Never state or hint at anyone's budget, income or finances, and never say whose budget " +
      "limits the group. When offers carry fitsEveryonesBudget, recommend those and say they fit everyone's budget.",
  ];
  if (group.picks.length > 0) {
    lines.push('The group plan so far (picked by members):');
    for (const pick of group.picks) {
      const price = pick.price ? ` (${pick.price.amount} ${pick.price.currency})` : '';
      const by = pick.pickedBy ? `, by ${pick.pickedBy}` : '';
      lines.push(`- ${pick.slot}: ${pick.title}${price}, ${pick.marker}${by}`);
    }
  }
  return lines;
}

/** What the model is told about the person and the rules it answers by. */
export function systemPromptFor(caller: Caller, group?: GroupContext): string {
  const lines = [
    'You are Vowa, a friendly, concise travel assistant in a budget-aware trip planner.',
    `Answer in ${LANGUAGE_NAMES[caller.language]}. Today is ${caller.today}.`,
    `Show prices in ${caller.currency}.`,
    'Use the tools to find flights, hotels, experiences and trips; never guess availability.',
    'Only state prices, totals and budgets exactly as a tool returned them. Never estimate, ' +
      'round differently or invent a number: if no tool gave a price, say you do not have one.',
    'The person sees the offers you found as cards, so name the best one or two, not all.',
  ];
  if (caller.kind === 'guest') {
    lines.push(
      'The person is not signed in: answer general travel questions only and invite them to ' +
        'sign in to search flights, hotels and experiences.',
    );
    return lines.join('\n');
  }
  lines.push(
    `The person is ${caller.name}; their home airport is ${caller.homeAirport.code} ` +
      `(${caller.homeAirport.city}), used when they name no origin. Their time zone is ${caller.timeZone}.`,
  );
  if (group) return [...lines, ...groupPromptFor(caller, group)].join('\n');
  lines.push(
    caller.budget
      ? `Their maximum trip budget is ${caller.budget.maxTripBudget} ${caller.budget.currency}; ` +
          'keep suggestions within it and say what is left when it helps (the budget_summary ' +
          'tool has the figures).'
      : 'They have not connected their finances; answer anyway.',
  );
  return lines.join('\n');
}

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp, LM Studio,
 * OpenRouter) through the AI SDK, with the assistant's tools and streaming. Tool calls are
 * bounded, and so is the time: the turn's abort signal and the model's own `timeoutMs`.
 */
export function createModelAssistant(config: {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}): AssistantEngine {
  const provider = createOpenAICompatible({
    name: 'vowa-llm',
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
  });
  const model = provider.chatModel(config.model);

  return {
    name: 'model',
    async *respond(turn, tools, signal) {
      yield { type: 'activity', activity: 'thinking' };
      const pending: AssistantEvent[] = [];
      const messages: ModelMessage[] = [
        ...turn.history.map((message): ModelMessage =>
          message.author === 'user'
            ? { role: 'user', content: message.content }
            : { role: 'assistant', content: message.content },
        ),
        { role: 'user', content: turn.text },
      ];
      const deadline = AbortSignal.timeout(config.timeoutMs);
      const result = streamText({
        model,
        system: systemPromptFor(turn.caller, turn.group),
        messages,
        tools: modelToolsFor(tools, (event) => pending.push(event)),
        stopWhen: stepCountIs(MAX_STEPS),
        // A model that hangs is given up on (and the offline assistant answers, if it had not
        // spoken yet) long before the chat's own limit.
        abortSignal: AbortSignal.any([signal, deadline]),
        // The chat falls back to the offline assistant at once rather than retrying.
        maxRetries: 0,
        // A failure arrives as the stream's error part and is handled there, not logged here.
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        yield* pending.splice(0);
        if (part.type === 'text-delta') yield { type: 'text', text: part.text };
        else if (part.type === 'error') throw part.error;
      }
      // An aborted stream just ends: a model that ran out of time failed, it did not finish.
      if (deadline.aborted) throw deadline.reason;
      yield* pending.splice(0);
    },
  };
}
