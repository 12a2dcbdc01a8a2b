//go:build js && wasm

// Command wasm is snakecube's engine for the static site, compiled with
// GOOS=js GOARCH=wasm and run in a Web Worker by the site's worker.js: the
// one piece of snakecube that knows JavaScript. It sets the global
// snakecube to an object of four functions, each answering as package
// internal/site/engine says, and then waits for calls:
//
//	snakecube.solve(text, size, notation) // the answer to a snake
//	snakecube.advise()                    // {lines} for the snake solved last
//	snakecube.feel()                      // how hard it is to fold
//	snakecube.sheet()                     // its SVG step sheet, a string
//
// A call runs to its end: the worker is the unit that a person stops,
// by terminating it. A call that fails, with an error or a panic, returns
// {fail: MESSAGE}, which the page shows as a fault of its own and not of
// the snake.
package main

import (
	"context"
	"fmt"
	"syscall/js"

	"github.com/snakecube/snakecube/internal/site/engine"
)

func main() {
	var s engine.Session
	ctx := context.Background()
	api := js.Global().Get("Object").New()
	api.Set("solve", call(func(args []js.Value) (any, error) {
		return s.Solve(ctx, arg(args, 0), arg(args, 1), arg(args, 2))
	}))
	api.Set("advise", call(func([]js.Value) (any, error) { return s.Advise(ctx) }))
	api.Set("feel", call(func([]js.Value) (any, error) { return s.Feel(ctx) }))
	api.Set("sheet", call(func([]js.Value) (any, error) { return s.Sheet(ctx) }))
	js.Global().Set("snakecube", api)
	select {} // calls come from JavaScript
}

// arg returns argument i as a string, "" when it is missing or not one.
func arg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}

// call wraps f as a JavaScript function that returns f's value, or
// {fail: MESSAGE} when f fails or panics.
func call(f func([]js.Value) (any, error)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (v any) {
		defer func() {
			if r := recover(); r != nil {
				v = map[string]any{"fail": fmt.Sprint("snakecube: ", r)}
			}
		}()
		v, err := f(args)
		if err != nil {
			return map[string]any{"fail": "snakecube: " + err.Error()}
		}
		return v
	})
}
