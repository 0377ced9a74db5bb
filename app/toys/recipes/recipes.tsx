import { GeneratorCard } from "../../kit/ui/generator-card";
import { ToyPage } from "../../kit/ui/toy-page";
import { RECIPES } from "./words";

export function Recipes() {
  return (
    <ToyPage title="Awful Recipes" intro="Sandwiches that should never be made. We made the recipes anyway.">
      <GeneratorCard
        items={RECIPES}
        action="Cook Something Awful"
        placeholder="The kitchen is clean. Let's fix that."
        render={(recipe) => (
          <article className="w-full">
            <h2 className="text-2xl font-black">
              <span aria-hidden="true" className="emoji">
                🥪
              </span>{" "}
              {recipe.name}
            </h2>
            <h3 className="mt-4 font-bold text-orange-800">Ingredients</h3>
            <ul className="list-disc pl-6">
              {recipe.ingredients.map((ingredient) => (
                <li key={ingredient}>{ingredient}</li>
              ))}
            </ul>
            <h3 className="mt-4 font-bold text-orange-800">Steps</h3>
            <ol className="list-decimal pl-6">
              {recipe.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </article>
        )}
      />
    </ToyPage>
  );
}
