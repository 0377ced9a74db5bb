export function meta() {
  return [{ title: "The floor" }, { name: "description", content: "An empty React Router page." }];
}

export default function Home() {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">An empty React Router page</h1>
    </main>
  );
}
