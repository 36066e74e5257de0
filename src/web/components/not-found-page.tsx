import { Link } from "react-router";
import { Button } from "./ui/button.tsx";

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4 text-center">
      <p className="font-bold text-6xl text-muted-foreground">404</p>
      <h1 className="font-semibold text-2xl">Oops! Page not found</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
