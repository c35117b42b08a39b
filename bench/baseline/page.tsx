/**
 * The content of the size baselines of issue 2 (banner, 10 tasks, 8 prizes, rules, a draw call),
 * written by hand as a React developer on the product's stack would: React, react-router, and swr
 * for the server's data (decision 0038: the first-load budget is anchored to this stack). Each
 * folder beside this file mounts it with a different react-router API; `npm run bench` builds them
 * in the same run as the app.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';

interface Task {
  id: number;
  title: string;
  reward: string;
}
interface Envelope<T> {
  code: number;
  result?: T;
}

const fetcher = async <T,>(url: string): Promise<T | undefined> => {
  const response = await fetch(url);
  const body = (await response.json()) as Envelope<T>;
  return body.result;
};

const placeholderTasks: Task[] = Array.from({ length: 10 }, (_, i) => ({
  id: i,
  title: `任务 ${i + 1}`,
  reward: '抽奖机会 +1',
}));
const prizes = Array.from({ length: 8 }, (_, i) => ({
  id: i,
  name: `奖品 ${i + 1}`,
  image: `/img/prize-${i}.png`,
}));
const TASKS_URL = '/mp/api/generalActivity/getTaskList?code=demo-luckdraw';
const CHANCES_URL = '/mp/api/generalActivity/getUserChance?code=demo-luckdraw';

export function LuckDraw() {
  const { mutate } = useSWRConfig();
  const { data: tasks } = useSWR(TASKS_URL, fetcher<Task[]>, { revalidateOnFocus: false });
  const { data: chances } = useSWR(CHANCES_URL, fetcher<{ chance: number }>, {
    revalidateOnFocus: false,
  });
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const draw = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch('/mp/api/generalActivity/luckDraw', { method: 'POST' });
      const body = (await response.json()) as Envelope<{ prizeName?: string }>;
      setResult(body.result?.prizeName ?? '谢谢参与');
      await mutate(CHANCES_URL);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main>
      <img src="/img/banner.png" alt="幸运大抽奖" width={750} height={480} />
      <section>
        {prizes.map((prize) => (
          <figure key={prize.id}>
            <img src={prize.image} alt={prize.name} width={120} height={120} />
            <figcaption>{prize.name}</figcaption>
          </figure>
        ))}
        <p>剩余抽奖次数：{chances?.chance ?? 0}</p>
        <button type="button" onClick={() => void draw()} disabled={busy}>
          立即抽奖
        </button>
        <p aria-live="polite">{result}</p>
      </section>
      <ul>
        {(tasks ?? placeholderTasks).map((task) => (
          <li key={task.id}>
            {task.title} <span>{task.reward}</span> <button type="button">去完成</button>
          </li>
        ))}
      </ul>
      <article>
        <h2>活动规则</h2>
        <p>活动期间，用户完成任务即可获得抽奖机会。奖品数量有限，先到先得。</p>
      </article>
      <Link to="/prizeList">我的奖品</Link>
    </main>
  );
}
