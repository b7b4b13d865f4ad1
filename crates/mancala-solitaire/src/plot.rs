//! Tables drawn as SVG: one line a row of the table, the counts on a log scale.

use crate::table::Table;
use plotters::prelude::*;

/// The table as an SVG document (width × height pixels).
pub fn svg(table: &Table, width: u32, height: u32) -> Result<String, String> {
    let (_, row_name, col_name, rows, cols) = table.layout();
    let ymax = rows
        .iter()
        .flat_map(|&r| cols.iter().map(move |&c| (r, c)))
        .map(|(r, c)| table.cell(r, c))
        .max()
        .unwrap_or(1);
    let xmax = *cols.last().unwrap_or(&1);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let title = format!("{}: moves until the start recurs", table.game.name());
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(
                1u64..xmax.max(2),
                (1u64..ymax.saturating_mul(2).max(2)).log_scale(),
            )
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(col_name)
            .y_desc("moves (log scale)")
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, &r) in rows.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let points: Vec<(u64, u64)> = cols.iter().map(|&c| (c, table.cell(r, c))).collect();
            let series = chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(|e| e.to_string())?;
            if rows.len() <= 12 {
                series
                    .label(format!("{row_name} = {r}"))
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                    });
            }
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(|e| e.to_string())?;
        }
        if rows.len() <= 12 {
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(|e| e.to_string())?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Control, Method, Solitaire};

    #[test]
    fn draws_an_svg_with_one_line_a_row() {
        let t =
            Table::compute(Solitaire::StonesInCups, 4, 3, Method::Auto, &Control::NONE).unwrap();
        let s = svg(&t, 640, 480).unwrap();
        assert!(s.starts_with("<svg"));
        assert!(s.contains("Stones in cups"));
        for k in 1..=3 {
            assert!(
                s.contains(&format!("stones = {k}")),
                "a legend entry for each row"
            );
        }
        // 4 cups a row: one dot a cell.
        assert_eq!(s.matches("<circle").count(), 12);
    }
}
