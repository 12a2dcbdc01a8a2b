// Package kit makes a maker's kit of a puzzle: the files to 3D-print its
// cubelets, and the sheets to put it together and to solve it.
//
// # Files
//
// [Kit.WriteDir] writes, into one folder, whole or not at all:
//
//   - light.stl and dark.stl: the cubelets of each colour on a print
//     plate, binary STL in millimetres ([Kit.WriteSTL]);
//   - plate.3mf: all the cubelets on one plate, each an object in the
//     light or the dark one of two base materials ([Kit.Write3MF]);
//   - sheet.svg: the maker's sheet of package design, with the kit's page;
//   - card.svg: the solution card, for whoever solves the puzzle
//     ([Kit.WriteCard]).
//
// Every file is the same byte for byte on every run.
//
// # Colours
//
// The colours follow the chequer the folded puzzle shows, read off its
// first solution, as solver.Solve orders them: light are the cells whose
// x+y+z has the parity of cubelet 1's cell, so cubelet 1 is light, and
// for a box of an odd number of cells light are the cells where x+y+z is
// even. Cubelets next to each other along the chain, or in the folded
// puzzle, differ in colour.
//
// # Cubelets
//
// A cubelet is a closed polyhedron: the cube, with its channel cut as a
// polygonal prism whose points are shared with the faces it opens on, so
// that every edge lies on exactly two triangles, and its triangles turn
// counter-clockwise seen from outside. Channels have a teardrop section:
// the tangents of a 16-gon around a circle of the hole's diameter, but
// for the three nearest the peak, which two sides at 45 degrees replace.
// On the plate every cubelet stands as it prints, without support:
//
//   - a straight with its channel upright, through the bottom and top
//     faces (a solid of genus 1, Euler characteristic 0);
//   - a corner with its channel from the top face down to the centre and
//     out at the middle of the +x face, two legs mitred at the centre, the
//     level one with its teardrop's peak up, so that no overhang is
//     steeper than 45 degrees (genus 1, Euler characteristic 0);
//   - an end with a blind well from the top face, [Geometry.Well] across
//     and [Geometry.WellDepth] deep, for the knot (Euler characteristic 2).
//
// Plates hold their cubelets in the order of the chain, in rows from the
// origin along x, rows following along y, [Gap] apart.
package kit
