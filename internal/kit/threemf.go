package kit

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/snakecube/snakecube/internal/design"
)

// zipTime is every 3MF part's time, so that the archive is the same
// byte for byte on every run: the earliest a zip header holds.
var zipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// The colours of the two materials, the woods of the sheets.
var displayColours = [2]string{"#ECCDA0FF", "#A67044FF"}

type contentTypes struct {
	XMLName  xml.Name      `xml:"http://schemas.openxmlformats.org/package/2006/content-types Types"`
	Defaults []typeDefault `xml:"Default"`
}

type typeDefault struct {
	Extension   string `xml:"Extension,attr"`
	ContentType string `xml:"ContentType,attr"`
}

type relationships struct {
	XMLName xml.Name       `xml:"http://schemas.openxmlformats.org/package/2006/relationships Relationships"`
	Rels    []relationship `xml:"Relationship"`
}

type relationship struct {
	Target string `xml:"Target,attr"`
	ID     string `xml:"Id,attr"`
	Type   string `xml:"Type,attr"`
}

type model struct {
	XMLName   xml.Name   `xml:"http://schemas.microsoft.com/3dmanufacturing/core/2015/02 model"`
	Unit      string     `xml:"unit,attr"`
	Metadata  []metadata `xml:"metadata"`
	Materials materials  `xml:"resources>basematerials"`
	Objects   []object   `xml:"resources>object"`
	Items     []item     `xml:"build>item"`
}

type metadata struct {
	Name  string `xml:"name,attr"`
	Value string `xml:",chardata"`
}

type materials struct {
	ID    int    `xml:"id,attr"`
	Bases []base `xml:"base"`
}

type base struct {
	Name   string `xml:"name,attr"`
	Colour string `xml:"displaycolor,attr"`
}

type object struct {
	ID     int    `xml:"id,attr"`
	Type   string `xml:"type,attr"`
	Name   string `xml:"name,attr"`
	PID    int    `xml:"pid,attr"`
	PIndex int    `xml:"pindex,attr"`
	Mesh   mesh   `xml:"mesh"`
}

type mesh struct {
	Vertices  []vertex   `xml:"vertices>vertex"`
	Triangles []triangle `xml:"triangles>triangle"`
}

type vertex struct {
	X string `xml:"x,attr"`
	Y string `xml:"y,attr"`
	Z string `xml:"z,attr"`
}

type triangle struct {
	V1 int `xml:"v1,attr"`
	V2 int `xml:"v2,attr"`
	V3 int `xml:"v3,attr"`
}

type item struct {
	ObjectID  int    `xml:"objectid,attr"`
	Transform string `xml:"transform,attr"`
}

// num writes a coordinate as float32 writes it shortest, the precision
// STL keeps.
func num(x float64) string { return strconv.FormatFloat(float64(float32(x)), 'f', -1, 32) }

// Write3MF writes all the cubelets on one print plate as a 3MF package:
// a zip of [Content_Types].xml, _rels/.rels and 3D/3dmodel.model, the
// model holding two base materials, light and dark, and an object a
// cubelet in the order of the chain, in its colour's material, placed on
// the plate by its build item. Every part has the same fixed time, so the
// package is the same byte for byte on every run.
func (k *Kit) Write3MF(w io.Writer) error {
	zw := zip.NewWriter(w)
	part := func(name string, v any) error {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: zipTime})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, xml.Header); err != nil {
			return err
		}
		return xml.NewEncoder(f).Encode(v)
	}
	if err := part("[Content_Types].xml", contentTypes{Defaults: []typeDefault{
		{"rels", "application/vnd.openxmlformats-package.relationships+xml"},
		{"model", "application/vnd.ms-package.3dmanufacturing-3dmodel+xml"},
	}}); err != nil {
		return err
	}
	if err := part("_rels/.rels", relationships{Rels: []relationship{
		{Target: "/3D/3dmodel.model", ID: "rel0", Type: "http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"},
	}}); err != nil {
		return err
	}
	if err := part("3D/3dmodel.model", k.model()); err != nil {
		return err
	}
	return zw.Close()
}

// model returns the 3MF model of the plate.
func (k *Kit) model() model {
	m := model{
		Unit: "millimeter",
		Metadata: []metadata{
			{"Title", "snakecube puzzle " + k.ID()},
			{"Application", "snakecube kit"},
		},
		Materials: materials{ID: 1, Bases: []base{{Name: "light", Colour: displayColours[0]}, {Name: "dark", Colour: displayColours[1]}}},
	}
	n := k.Sheet.Seq.Len
	for i := range n {
		kd := design.KindOf(k.Sheet.Seq, i)
		s := cubelet(kd, k.Geometry)
		o := object{ID: i + 2, Type: "model", PID: 1, PIndex: int(k.Colour(i)),
			Name: fmt.Sprintf("cubelet %d: %s, %s", i+1, kd.Name(), k.Colour(i))}
		for _, p := range s.pts {
			o.Mesh.Vertices = append(o.Mesh.Vertices, vertex{num(p[0]), num(p[1]), num(p[2])})
		}
		for _, t := range s.tris {
			o.Mesh.Triangles = append(o.Mesh.Triangles, triangle{t[0], t[1], t[2]})
		}
		m.Objects = append(m.Objects, o)
		x, y := k.place(i, n)
		m.Items = append(m.Items, item{ObjectID: o.ID, Transform: "1 0 0 0 1 0 0 0 1 " + num(x) + " " + num(y) + " 0"})
	}
	return m
}
