import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { inflatingDocx, manyPartsDocx } from '../../../../test/zip-bombs.js';
import { buildDocx } from '../../../kernel/docx-builder.js';
import { ParseError } from '../../../lib/parse-error.js';
import { fillTemplate, readTemplateTags } from '../procurement-templates.parser.js';
import { scanTemplateText, TEMPLATE_LIMITS } from './template-limits.policy.js';
import { closeTemplatePool, fillTemplateOffThread, readTemplateOffThread } from './template-pool.js';

/** A template of `depth` loops over `items`, one inside the other, around one tag. */
export function nestedTemplate(depth: number): Buffer {
  return buildDocx('Вложенность', [`${'{#items}'.repeat(depth)}{item.name}${'{/items}'.repeat(depth)}`]);
}

afterAll(closeTemplatePool);

describe('template limits', () => {
  it('the text scan counts tags and nesting; a split tag counts once', () => {
    const xml = (t: string) => `<w:p><w:r><w:t>${t}</w:t></w:r></w:p>`;
    const ok = scanTemplateText([xml('{#lots}{#items}{item.na') + xml('me}{/items}{/lots}')]);
    expect(ok).toEqual({ tags: ['lots', 'items', 'item.name'], refused: null });
    const deep = scanTemplateText([xml(`${'{#items}'.repeat(9)}${'{/items}'.repeat(9)}`)]);
    expect(deep.refused).toBe(
      'Циклы и условия шаблона вложены друг в друга глубже 8 уровней (ограничение шаблона)',
    );
    const many = scanTemplateText([xml('{a}'.repeat(TEMPLATE_LIMITS.maxTags + 1))]);
    expect(many.refused).toBe('В шаблоне больше 2000 полей в фигурных скобках (ограничение шаблона)');
    // sequential loops are not nested
    expect(scanTemplateText([xml('{#items}{/items}'.repeat(50))]).refused).toBeNull();
  });

  it.each([
    [12, /глубже 8 уровней/],
    [3000, /глубже 8 уровней/],
  ])('a template of %i nested loops is refused naming the limit, off the main thread', async (depth, msg) => {
    await expect(readTemplateOffThread(nestedTemplate(depth))).rejects.toThrow(msg);
    await expect(fillTemplateOffThread(nestedTemplate(depth), { items: [] })).rejects.toThrow(msg);
  });

  it('inflating and many-part DOCX files are refused naming the zip limit', async () => {
    const bomb = await inflatingDocx(300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    await expect(readTemplateOffThread(bomb)).rejects.toThrow(
      /^Файл DOCX не принят: файл «word\/document\.xml» в архиве сжат подозрительно сильно/,
    );
    // with the ratio out of the way, the total inflated size stops it
    await expect(
      fillTemplate(bomb, {}, { ...TEMPLATE_LIMITS.zip, maxRatio: Number.POSITIVE_INFINITY }),
    ).rejects.toThrow(
      'Файл DOCX не принят: файл «word/document.xml» в архиве слишком велик после распаковки: больше 50 МБ',
    );
    await expect(readTemplateOffThread(manyPartsDocx(20_000))).rejects.toThrow(
      'Файл DOCX не принят: в архиве слишком много файлов: больше 1000',
    );
    await expect(readTemplateTags(Buffer.from('не архив'))).rejects.toThrow(ParseError);
  });

  it('a render past its time budget ends with a message and the next one runs on a fresh thread', async () => {
    // 8 nested loops (the limit) over 20 rows: 20^8 scopes, a render that would never end
    const rows = Array.from({ length: 20 }, (_, i) => ({ 'item.name': `Позиция ${i}` }));
    const items = rows.map((r) => ({ ...r, items: rows }));
    await expect(fillTemplateOffThread(nestedTemplate(8), { items }, 300)).rejects.toThrow(
      'Шаблон не обработан за 0,3 с (ограничение времени): упростите вложенные циклы шаблона',
    );
    const docx = await fillTemplateOffThread(buildDocx('Т', ['№ {procurement.number}']), {
      'procurement.number': '32612345678',
    });
    const direct = await fillTemplate(buildDocx('Т', ['№ {procurement.number}']), {
      'procurement.number': '32612345678',
    });
    expect(docx.length).toBeGreaterThan(0);
    expect((await readTemplateTags(docx)).tags).toEqual([]);
    expect((await readTemplateTags(direct)).tags).toEqual([]);
    expect(isMainThread).toBe(true);
  });
});
